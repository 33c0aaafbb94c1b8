export { Spinner } from './Spinner';
export { StandaloneHarness } from './StandaloneHarness';
export { AccessDenied } from './AccessDenied';
