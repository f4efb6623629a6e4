// `npm start`: the gateway from its bundle in dist-server/ (see build/server-build.mjs), made
// first when it is missing or older than a source, so a fresh checkout or an edited one starts
// as it is. Plain JavaScript: no TypeScript loader in the running gateway.
import { pathToFileURL } from 'node:url';
import { bundledEntry, ensureServerBuild } from '../build/server-build.mjs';

ensureServerBuild();
await import(pathToFileURL(bundledEntry('server/index.ts')).href);
