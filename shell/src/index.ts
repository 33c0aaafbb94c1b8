// Async boundary: shared singletons are negotiated before any app code runs. The registry's
// manifest does not wait for them (federation/early.ts).
import { requestManifestEarly } from './federation/early';

requestManifestEarly();
import('./bootstrap');
