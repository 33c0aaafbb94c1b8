// Standalone only (not exposed): the shell mounts Social, Achievements, Profile and
// PublicProfile itself, at the same paths this tiny router uses when the remote runs on its own
// dev server.
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import Achievements from './Achievements';
import Profile from './Profile';
import PublicProfile from './PublicProfile';
import Social from './Social';

export default function StandaloneSocialApp() {
  return (
    <>
      <nav aria-label="Standalone" className="row" style={{ padding: '0.75rem 1.5rem' }}>
        <NavLink to="/social">Social</NavLink>
        <NavLink to="/achievements">Achievements</NavLink>
        <NavLink to="/profile">Profile</NavLink>
      </nav>
      <Routes>
        <Route path="/social/*" element={<Social />} />
        <Route path="/achievements" element={<Achievements />} />
        <Route path="/profile" element={<Profile />} />
        <Route path="/profile/:id" element={<PublicProfile />} />
        <Route path="*" element={<Navigate to="/social" replace />} />
      </Routes>
    </>
  );
}
