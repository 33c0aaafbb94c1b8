export const presentHealthy = () => ({ status: 'ok' as const, database: 'ok' as const });
export const presentUnavailable = () => ({ error: 'Database unavailable' });
