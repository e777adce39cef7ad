/**
 * The app bench:lighthouse audits, in a process of its own at the lowest CPU priority (docs/decisions/125): the
 * real API and built web app on 127.0.0.1 with the bench's users, printed as one JSON line on stdout
 * (`{"url": …, "users": …, "paths": …}`), then serving until the parent ends it (SIGTERM). On a 2-core host the server's work
 * (the embedded database answering the page's reads) took the cores the audited page's main thread was waiting
 * for; in production the server is another machine and never competes with the phone's CPU.
 */
import { startApp } from '../support/app-server.ts';
import { benchUsers } from './bench-users.ts';

const server = await startApp({ webDistDir: process.env.LIGHTHOUSE_WEB_DIST || undefined });
const { users, paths } = await benchUsers(server);
process.stdout.write(`${JSON.stringify({ url: server.url, users, paths })}\n`);
const stop = () => {
  void server.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
