import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../test/build-test-app.ts';
import { disconnection, settle, testSocket } from '../test/socket-test-client.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

it("deleting an account ends its sockets and no one else's", async () => {
  const leaving = await loginAs(t);
  const staying = await loginAs(t);
  const mine = await testSocket(url, { cookie: leaving.cookie, claim: leaving.userId });
  const theirs = await testSocket(url, { cookie: staying.cookie, claim: staying.userId });
  const closed = disconnection(mine.socket);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/delete',
    headers: { cookie: leaving.cookie },
    payload: { password: 'secret123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(await closed).toBe('io server disconnect');
  await settle();
  expect(theirs.socket.connected).toBe(true);
  theirs.socket.disconnect();
});
