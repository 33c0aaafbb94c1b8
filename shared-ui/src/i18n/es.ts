import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const es: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Acceso denegado',
    message: 'Necesitas privilegios de administrador para acceder a esta página.',
  },
  loading: 'Cargando...',
  standalone: {
    title: 'Inicio de sesión independiente',
    intro: 'Este remoto se ejecuta solo; inicia sesión con una cuenta de la API local.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
  },
};

export default es;
