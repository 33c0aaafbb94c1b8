// The auth calls (sign in, sign up, sign out, the current user, password change). The kernel's
// auth store makes them itself, so they live in the kernel (shared-auth/src/auth-calls.ts,
// typed and path-checked against schemas/auth.ts): this is that same object. Apps sign in and
// out through the store (useAuthStore), which keeps the session; stubbing `authApi` in a test
// stubs what the store calls.
import { authCalls } from '@flashcard/shared-auth';

export const authApi = authCalls;
