// English messages of the shared components (namespace 'ui'). The spec's strings are exact.
const en = {
  accessDenied: {
    title: 'Access Denied',
    message: 'You need administrator privileges to access this page.',
  },
  loading: 'Loading...',
  standalone: {
    title: 'Standalone sign-in',
    intro: 'This remote runs alone; sign in with an account of the local API.',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
  },
} as const;

export default en;
