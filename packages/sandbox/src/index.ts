export {
  SandboxBusyError,
  SandboxCancelledError,
  SandboxOwnerLimitError,
  type RunOptions,
  type Sandbox,
  type SandboxLimits,
  type SandboxOptions,
  type SandboxWorkerSource,
  type TestResult,
  type Verdict,
} from './types';
export { createSandbox, defaultWorkerCount } from './pool';
export { DEFAULT_LIMITS, LIMIT_RANGES } from './limits';
