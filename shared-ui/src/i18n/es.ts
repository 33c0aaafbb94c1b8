import type { MessagesOf } from '@flashcard/shared-auth';
import type en from './en';

const es: MessagesOf<typeof en> = {
  accessDenied: {
    title: 'Acceso denegado',
    message: 'Necesitas privilegios de administrador para acceder a esta página.',
  },
  achievements: {
    first_review: { name: 'Primeros pasos', description: 'Repasa tu primera tarjeta' },
    reviews_100: { name: 'Centurión', description: 'Repasa 100 tarjetas' },
    reviews_1000: { name: 'Maestro de la memoria', description: 'Repasa 1.000 tarjetas' },
    cards_10: { name: 'Creador de tarjetas', description: 'Crea 10 tarjetas' },
    cards_100: { name: 'Bibliotecario', description: 'Crea 100 tarjetas' },
    streak_3: { name: 'Racha imparable', description: 'Repasa tarjetas 3 días seguidos' },
    streak_7: { name: 'Guerrero de la semana', description: 'Repasa tarjetas 7 días seguidos' },
    first_session: { name: 'Sesión completada', description: 'Termina tu primera sesión de estudio' },
    daily_goal: { name: 'A por la meta', description: 'Alcanza tu objetivo diario' },
  },
  learner: 'Estudiante #{{id}}',
  keptAt: 'Sin conexión — se muestra lo cargado a las {{time}}',
  loading: 'Cargando...',
  relativeTime: {
    justNow: 'Justo ahora',
    justNowInSentence: 'justo ahora',
  },
  standalone: {
    title: 'Inicio de sesión independiente',
    intro: 'Este remoto se ejecuta solo; inicia sesión con una cuenta de la API local.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
  },
  withReason: '{{message}}: {{reason}}',
};

export default es;
