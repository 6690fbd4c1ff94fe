import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionScreen } from './section-screen.tsx';
import { REORDER_FAILED } from './sortable-entries.tsx';
import { fakeSectionApi, renderWithProviders } from '../../test/kit.tsx';

/** Issue 17: a list section's entries are put in order with a drag handle, keyboard included. */

const SKILLS = {
  skill: [
    { _id: 's1', lastUpdate: '2024-01-01T00:00:00Z', skill: 'Welding', proficiency: 4 },
    { _id: 's2', lastUpdate: '2024-02-01T00:00:00Z', skill: 'Forklift', proficiency: 3 },
    { _id: 's3', lastUpdate: '2024-03-01T00:00:00Z', skill: 'Rigging', proficiency: 5 },
  ],
};

/** The fake section API, answering `PUT /api/<key>/order` too (or failing it once). */
function fakeApiWithOrder(initial: typeof SKILLS) {
  const api = fakeSectionApi(initial);
  const inner = globalThis.fetch;
  const orders: string[][] = [];
  let fail = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const match = /^\/api\/([a-z-]+)\/order$/.exec(url.pathname);
    if (!match || init?.method !== 'PUT') return inner(input, init);
    const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
    orders.push(ids);
    if (fail) {
      fail = false;
      return new Response(JSON.stringify({ error: 'boom' }), { status: 500 });
    }
    const list = api.store[match[1]!]!;
    list.sort((a, b) => ids.indexOf(a._id) - ids.indexOf(b._id));
    return new Response(JSON.stringify({ data: list }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { api, orders, failNext: () => void (fail = true) };
}

const shownSkills = () =>
  within(screen.getByRole('list', { name: 'Your skill entries' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

/**
 * jsdom lays nothing out: each entry's `<li>` gets a box 100 px below the one before, so the
 * keyboard sensor finds the entry above or below as a browser would.
 */
const realRect = Element.prototype.getBoundingClientRect;
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const li = this.closest('li');
    if (!li?.parentElement) return realRect.call(this);
    const top = [...li.parentElement.children].indexOf(li) * 100;
    return { x: 0, y: top, top, left: 0, bottom: top + 80, right: 600, width: 600, height: 80 };
  } as typeof Element.prototype.getBoundingClientRect;
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = realRect;
});

describe('entries in order', () => {
  it('moves an entry with the keyboard: Space lifts, arrows move, Space drops; it is saved', async () => {
    const { orders } = fakeApiWithOrder(SKILLS);
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="skill" />);

    const handle = await screen.findByRole('button', { name: 'Move Welding' });
    expect(screen.getByRole('button', { name: 'Move Rigging' })).toBeEnabled();
    handle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(document.body).toHaveTextContent(/Picked up Welding/));
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');

    await waitFor(() => expect(orders).toEqual([['s2', 's1', 's3']]));
    await waitFor(() => expect(shownSkills()).toEqual(['Forklift', 'Welding', 'Rigging']));
    expect(document.body).toHaveTextContent(/Welding dropped at position 2 of 3/);
  });

  it('puts the list back and says so when the order is not saved', async () => {
    const { orders, failNext } = fakeApiWithOrder(SKILLS);
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    failNext();

    (await screen.findByRole('button', { name: 'Move Rigging' })).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');

    await waitFor(() => expect(orders).toEqual([['s1', 's3', 's2']]));
    expect(await screen.findByText(REORDER_FAILED)).toBeVisible();
    expect(shownSkills()).toEqual(['Welding', 'Forklift', 'Rigging']);
  });

  it('Escape cancels a move; nothing is sent', async () => {
    const { orders } = fakeApiWithOrder(SKILLS);
    const user = userEvent.setup();
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    (await screen.findByRole('button', { name: 'Move Welding' })).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.body).toHaveTextContent(/Moving cancelled/));
    expect(orders).toEqual([]);
    expect(shownSkills()).toEqual(['Welding', 'Forklift', 'Rigging']);
  });

  it('keeps the entry being edited in place, and shows no handle for a single entry', async () => {
    fakeApiWithOrder(SKILLS);
    const user = userEvent.setup();
    const view = renderWithProviders(<SectionScreen sectionKey="skill" />);
    await user.click(await screen.findByRole('button', { name: 'Edit Forklift' }));
    expect(screen.getByRole('button', { name: 'Move Forklift' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Welding' })).toBeEnabled();
    view.unmount();

    fakeApiWithOrder({ skill: SKILLS.skill.slice(0, 1) });
    renderWithProviders(<SectionScreen sectionKey="skill" />);
    expect(await screen.findByRole('button', { name: 'Edit Welding' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});
