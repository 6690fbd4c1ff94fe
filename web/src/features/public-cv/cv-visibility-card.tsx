import { Banner } from '../../components/ui/banner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { errorMessage } from '../../lib/api.ts';
import { dateTimeLabel } from '../../lib/dates.ts';
import { PublicCvViewedBanner } from './live-banners.tsx';
import { usePublicCvStatus, useTogglePublicCv } from './api.ts';
import { ContactModeSetting, ContactRequestsList } from './contact-requests.tsx';
import { ListedVersionSetting } from './listed-version.tsx';

const when = dateTimeLabel;

/**
 * The user dashboard's CV visibility card (docs/product/public-listing-and-hr.md#cv-visibility):
 * TURN ON / TURN OFF the public listing; when listed, the view count and the 3 latest HR views. A
 * live view shows a banner for 5 s and refetches the status. Ours (issue 14): who sees the email
 * and phone, and the HR users' requests for them.
 */
export function CvVisibilityCard() {
  const status = usePublicCvStatus();
  const toggle = useTogglePublicCv();
  const listed = status.data?.isListed ?? false;
  const pub = status.data?.publicCV;
  const views = pub?.viewCount ?? 0;

  return (
    <Card className="flex flex-col gap-3 p-6" aria-labelledby="cv-visibility-title">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="cv-visibility-title" className="text-lg font-semibold text-slate-900">
            CV visibility
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {listed
              ? 'Your CV is publicly listed: HR users can find and save it.'
              : 'Your CV is private. List it so HR users can find it.'}
          </p>
        </div>
        <span
          className={
            listed
              ? 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800'
              : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700'
          }
        >
          {listed ? 'Listed' : 'Not listed'}
        </span>
      </div>

      <PublicCvViewedBanner onEvent={() => void status.refetch()} />

      {status.isError && <Banner tone="error">Failed to fetch CV status</Banner>}
      {toggle.isError && (
        <Banner tone="error">{errorMessage(toggle.error, 'Failed to toggle CV visibility')}</Banner>
      )}

      {listed && pub && (
        <div className="text-sm text-slate-700">
          <p>
            <span className="font-semibold text-slate-900" data-testid="public-cv-views">
              {views}
            </span>{' '}
            {views === 1 ? 'view' : 'views'} by HR users
          </p>
          {/* The count and the rows differ on purpose: every visit is a row, but one HR user's
              visits within an hour are one view (hrRepo.recordVisit), so reloads do not inflate it. */}
          <p className="text-xs text-slate-500">
            Visits by the same HR user within an hour count as one view.
          </p>
          {pub.hrViews.length > 0 && (
            <>
              <h3 id="latest-visits-title" className="mt-2 text-xs font-semibold text-slate-600">
                Latest visits
              </h3>
              <ul className="mt-1 space-y-1" aria-labelledby="latest-visits-title">
                {pub.hrViews.slice(0, 3).map((v) => (
                  <li key={`${v.hrUserName}-${v.viewedAt}`} className="flex justify-between gap-2">
                    <span className="truncate font-medium">{v.hrUserName}</span>
                    <time dateTime={v.viewedAt} className="shrink-0 text-slate-500">
                      {when(v.viewedAt)}
                    </time>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {listed && pub && <ListedVersionSetting listedId={pub.curriculumVitaeID} />}

      {/* Drawn while the status loads too, so the cards below do not move when it arrives. */}
      {!status.isError && <ContactModeSetting mode={status.data?.contactMode ?? null} />}
      {status.data && <ContactRequestsList />}

      <div className="mt-auto">
        <Button
          variant={listed ? 'secondary' : 'primary'}
          loading={toggle.isPending}
          disabled={status.isPending}
          onClick={() => toggle.mutate()}
          aria-label={listed ? 'TURN OFF public listing' : 'TURN ON public listing'}
        >
          {listed ? 'TURN OFF' : 'TURN ON'}
        </Button>
      </div>
    </Card>
  );
}
