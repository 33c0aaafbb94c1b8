// What the rest of the API uses of the auth module (other modules import it from here only).
export { AuthRepository } from './repository';
export { RoleChangeError, setUserRole } from './roles';
export { default as authRoutes } from './routes';
export { AuthService } from './service';
export { presentUser } from './presenter';
export { RecoveryRepository } from './recovery-repository';
export { RecoveryService } from './recovery-service';
