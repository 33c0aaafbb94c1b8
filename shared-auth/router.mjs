// react-router-dom as every app of the platform receives it: the part of react-router the apps
// use, re-exported. Shared whole, react-router-dom cannot be tree-shaken (a shared module must
// offer every export some remote might want): 193 KB, of which the apps used 37. Built from this
// list it is shaken like any module. sharedConfig() (shared-config.js) provides this file as the
// singleton 'react-router-dom' of the share scope, so `import { Link } from 'react-router-dom'` works as
// always; an export missing here is a build error ("export ... was not found"), and adding it is
// a kernel change (docs/PLATFORM.md, "The router").
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  useOutletContext,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router';
