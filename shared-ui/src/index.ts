export { Spinner } from './Spinner';
export { StandaloneHarness } from './StandaloneHarness';
