import { apiClient } from '../client';
import type { AuthResponse, RegisterInput, User } from '../types';

// Auth calls show their errors in the form itself, never as a toast.
const quiet = { skipErrorToast: true };

export const authApi = {
  login: (email: string, password: string) =>
    apiClient.post<AuthResponse>('/auth/login', { email, password }, quiet).then((r) => r.data),
  register: (input: RegisterInput) => apiClient.post<AuthResponse>('/auth/register', input, quiet).then((r) => r.data),
  logout: (refreshToken: string | null) =>
    apiClient.post<{ message: string }>('/auth/logout', { refreshToken }, quiet).then((r) => r.data),
  me: () => apiClient.get<{ success: boolean; user: User }>('/auth/me', quiet).then((r) => r.data),
  changePassword: (oldPassword: string, newPassword: string) =>
    apiClient
      .post<{ success: boolean; message: string }>('/auth/change-password', { oldPassword, newPassword }, quiet)
      .then((r) => r.data),
};
