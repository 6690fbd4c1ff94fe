import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loginAs, cookieFrom, type TestApp } from './build-test-app.ts';
import { makeVideo, pdf, png, upload } from './media-test-kit.ts';
import { SoftPasskey } from './passkey-authenticator.ts';
import { typicalCv, TYPICAL_NAME } from './typical-cv.ts';

/**
 * A small world of everything Vitae keeps, written through the API as users write it: a
 * candidate with a full CV in every section, a photo, a first-impression video and a
 * certificate; a share mailed to a recipient who opened it and watched the video; a listing
 * asking HR users to request contact details; an HR user who saved it, viewed it, ranked it,
 * wrote notes and had a contact request approved; the notifications all that made. The
 * upgrade, backup and restore tests write it once, carry it over, and read it back.
 */
export interface World {
  candidate: Person;
  hr: Person;
  cvId: string;
  shareId: string;
  pin: string;
  savedId: string;
  recipient: string;
  /** The slug of the CV's public link, opened once. */
  linkSlug: string;
  /** The candidate's passkey (its private key lives here, in the test). */
  passkey: SoftPasskey;
  candidateId: string;
}

export interface Person {
  email: string;
  password: string;
}

const PASSWORD = 'secret123';
const RECIPIENT = 'hiring@acme.example';

type Who = { cookie: string };

const call = (t: TestApp, who: Who | null, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

async function ok(res: Promise<LightMyRequestResponse>, what: string) {
  const r = await res;
  expect(r.statusCode, `${what}: ${r.body}`).toBeLessThan(300);
  return r;
}

async function uploaded(t: TestApp, who: Who, kind: 'image' | 'video' | 'raw', data: Buffer) {
  const type = { image: 'image/png', video: 'video/mp4', raw: 'application/pdf' }[kind];
  const res = await upload(
    t,
    who.cookie,
    kind,
    { data, filename: `f.${type.split('/')[1]}`, contentType: type },
    kind === 'image' ? { preset: 'photo' } : {},
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string; public_id: string }>();
}

export async function writeWorld(t: TestApp): Promise<World> {
  const me = await loginAs(t, { fullName: TYPICAL_NAME, password: PASSWORD });
  for (const [key, entries] of Object.entries(typicalCv())) {
    for (const entry of entries) await ok(call(t, me, 'POST', `/api/${key}`, entry), key);
  }
  const photo = await uploaded(t, me, 'image', await png());
  await ok(
    call(t, me, 'POST', '/api/photo', {
      title: 'Portrait',
      photoUrl: photo.url,
      publicId: photo.public_id,
    }),
    'photo',
  );
  const assigned = (await call(t, me, 'GET', '/api/photo')).json().data[0];
  await ok(call(t, me, 'POST', '/api/photo/assign-photo', { id: assigned._id }), 'assign photo');
  const video = await uploaded(t, me, 'video', makeVideo(2));
  await ok(call(t, me, 'POST', '/api/first-impression', { videoUrl: video.url }), 'video');
  const doc = await uploaded(t, me, 'raw', pdf());
  await ok(
    call(t, me, 'POST', '/api/certificate', {
      title: 'First aid',
      pdfUrl: doc.url,
      publicId: doc.public_id,
    }),
    'certificate',
  );
  const cvId = (await call(t, me, 'GET', '/api/curriculum-vitae')).json()._id as string;
  await ok(
    call(t, me, 'PATCH', '/api/curriculum-vitae/template', { template: 'template06' }),
    'template',
  );

  const shared = await ok(
    call(t, me, 'POST', '/api/share-cv', {
      curriculumVitaeID: cvId,
      subject: `CV Application - ${TYPICAL_NAME}`,
      message: 'Dear Hiring Manager,\n\nPlease consider my CV.',
      recipients: [{ email: RECIPIENT, key: 'r0' }],
      assignedPhotoUrl: null,
      CVTemplate: 'template06',
    }),
    'share',
  );
  const shareId = shared.json().data._id as string;
  const mail = (await t.outbox()).find((m) => m.to === RECIPIENT)!;
  const pin = /View pin: (\d{6})/.exec(mail.text)![1]!;
  const opened = await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/share-cv/unlock',
      payload: { cvId, shareId, pin },
      remoteAddress: '10.77.0.1',
    }),
    'unlock',
  );
  const grant = opened.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const view = await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/share-cv/track-view',
      headers: { cookie: grant, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' },
      payload: { curriculumVitaeID: cvId },
      remoteAddress: '10.77.0.1',
    }),
    'track view',
  );
  await ok(
    t.app.inject({
      method: 'POST',
      url: '/api/share-cv/video-progress',
      headers: { cookie: grant },
      payload: { viewId: view.json().viewId, percent: 82 },
      remoteAddress: '10.77.0.1',
    }),
    'video progress',
  );

  await ok(call(t, me, 'PUT', '/api/public-cv/contact-mode', { mode: 'on-request' }), 'mode');
  const listed = await ok(call(t, me, 'POST', '/api/public-cv/toggle'), 'listing');
  const listingId = listed.json().publicCV._id as string;
  const hr = await loginAs(t, { fullName: 'Rita Recruiter', isHr: true, password: PASSWORD });
  const saved = await ok(call(t, hr, 'POST', `/api/public-cv/save/${listingId}`), 'save');
  const savedId = saved.json().data._id as string;
  await ok(call(t, hr, 'POST', `/hr/saved-cv/${savedId}/views`), 'HR view');
  await ok(call(t, hr, 'PUT', `/hr/saved-cv/${savedId}/rank`, { rank: 'good' }), 'rank');
  for (const content of ['Strong TypeScript', 'Call back on Monday']) {
    await ok(call(t, hr, 'PUT', `/hr/saved-cv/${savedId}/notes`, { content }), 'note');
  }
  await ok(call(t, hr, 'POST', `/hr/saved-cv/${savedId}/contact-request`), 'contact request');
  const request = (await call(t, me, 'GET', '/api/public-cv/contact-requests')).json().data[0];
  await ok(
    call(t, me, 'POST', `/api/public-cv/contact-requests/${request._id}/approve`),
    'approve',
  );
  const link = await ok(
    call(t, me, 'PUT', `/api/curriculum-vitae/versions/${cvId}/public-link`, { enabled: true }),
    'public link',
  );
  const linkSlug = (link.json().path as string).replace('/cv/', '');
  await ok(call(t, null, 'POST', `/api/cv-link/${linkSlug}/view`), 'link view');
  const passkey = new SoftPasskey();
  const options = await ok(
    call(t, me, 'POST', '/auth/user/passkeys/register-options', { password: PASSWORD }),
    'passkey options',
  );
  await ok(
    call(t, me, 'POST', '/auth/user/passkeys', {
      name: 'Work laptop',
      response: passkey.register(options.json().options),
    }),
    'passkey',
  );
  return {
    passkey,
    candidateId: me.userId,
    candidate: { email: me.email, password: PASSWORD },
    hr: { email: hr.email, password: PASSWORD },
    cvId,
    shareId,
    pin,
    savedId,
    recipient: RECIPIENT,
    linkSlug,
  };
}

let signIns = 0;
/** Signs a person of the world in through the login form; its cookie. */
export async function signInAs(t: TestApp, person: Person): Promise<Who> {
  const n = ++signIns;
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/user/login-web',
    payload: { email: person.email, password: person.password },
    remoteAddress: `10.78.${Math.floor(n / 250) % 250}.${n % 250}`,
  });
  expect(res.statusCode, `sign-in of ${person.email}: ${res.body}`).toBe(200);
  return { cookie: cookieFrom(res) };
}

/** Media URLs carry a signature and an expiry; what they name is the stored key. */
const stableUrls = (body: string) =>
  body.replace(/(\/media\/file\/[^"?\\]+)\?[^"\\]*/g, '$1').replace(/saved=[0-9a-f.]+/g, 'saved');

/** The parts of the world a reader sees, and the tables each lives in. */
export const WORLD_PARTS = {
  sections: ['section_personal_info', 'section_reference'],
  cv: ['curriculum_vitae', 'media', 'photos', 'certificates', 'first_impressions'],
  notifications: ['notifications'],
  shares: ['cv_shares', 'cv_views'],
  listing: ['public_cvs', 'public_cv_views', 'hr_saved_cvs', 'hr_notes'],
  contactRequests: ['contact_requests'],
  publicLink: ['cv_public_links'],
  passkeys: ['passkeys'],
} as const;
export type WorldPart = keyof typeof WORLD_PARTS;

/**
 * What each person reads of the world: the candidate's one-request CV, shares and their view
 * trail, notifications and contact requests; the recipient's unlocked CV; the HR user's
 * search and skill filter, saved CVs and the saved CV with its notes. Media URLs as their keys.
 * Only the parts whose tables `has` (all by default) are read.
 */
export async function readWorld(
  t: TestApp,
  w: World,
  has: (table: string) => boolean = () => true,
) {
  const sees = (part: WorldPart) => WORLD_PARTS[part].every(has);
  const me = await signInAs(t, w.candidate);
  const hr = await signInAs(t, w.hr);
  const read = async (who: Who | null, url: string, method = 'GET', payload?: object) => {
    const res = await call(t, who, method, url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return JSON.parse(stableUrls(res.body));
  };
  const unlock = async () => {
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/share-cv/unlock',
      payload: { cvId: w.cvId, shareId: w.shareId, pin: w.pin },
      remoteAddress: '10.79.0.1',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    return JSON.parse(stableUrls(unlocked.body));
  };
  const browse = async (query: string) => (await read(hr, `/api/public-cv/browse?${query}`)).data;
  const cv = await read(me, '/api/curriculum-vitae/data');
  const reads = {
    sections: sees('sections') ? sectionsOf(cv.data) : undefined,
    cv: sees('cv') ? cv : undefined,
    notifications: sees('notifications') ? await read(me, '/api/notifications') : undefined,
    shares: sees('shares')
      ? {
          list: await read(me, '/api/share-cv'),
          views: await read(me, `/api/share-cv/${w.shareId}/views`),
          recipient: await unlock(),
        }
      : undefined,
    listing: sees('listing')
      ? {
          search: await browse('search=mokoena'),
          skill: await browse('skills=TypeScript'),
          saved: await read(hr, '/hr/saved-cv/saved-cvs'),
          savedCv: await read(hr, `/hr/saved-cv/${w.savedId}`),
        }
      : undefined,
    contactRequests: sees('contactRequests')
      ? await read(me, '/api/public-cv/contact-requests')
      : undefined,
    publicLink: sees('publicLink')
      ? {
          owner: await read(me, `/api/curriculum-vitae/versions/${w.cvId}/public-link`),
          reader: await read(null, `/api/cv-link/${w.linkSlug}`),
        }
      : undefined,
    passkeys: sees('passkeys') ? await passkeyReads(t, w, me) : undefined,
  };
  return reads;
}

/** The candidate's passkeys as listed (without the last use, which signing in changes) and a
 * sign-in with the passkey: its stored public key still checks the signature. */
async function passkeyReads(t: TestApp, w: World, me: Who) {
  const listed = (await call(t, me, 'GET', '/auth/user/passkeys')).json() as {
    passkeys: { name: string; createdAt: string }[];
  };
  const options = await call(t, null, 'POST', '/auth/user/passkeys/sign-in-options', {});
  expect(options.statusCode, options.body).toBe(200);
  const signedIn = await call(t, null, 'POST', '/auth/user/login-passkey', {
    response: w.passkey.assert(options.json().options, w.candidateId),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  // Only the session's check was wanted: it ends, so readers count the sessions they made.
  await call(t, { cookie: cookieFrom(signedIn) }, 'POST', '/auth/user/logout');
  return {
    listed: listed.passkeys.map((p) => ({ name: p.name, createdAt: p.createdAt })),
    signedInAs: signedIn.json().user.email as string,
  };
}

/** The CV's sections, without what the CV record and media add to them. */
function sectionsOf(data: Record<string, unknown>) {
  const { assignedPhotoUrl, firstImpression, certificates, arrangement, design, ...sections } =
    data;
  void [assignedPhotoUrl, firstImpression, certificates, arrangement, design];
  return sections;
}

export type WorldReads = Awaited<ReturnType<typeof readWorld>>;
