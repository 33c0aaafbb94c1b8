// Errors a service throws on purpose. The error handler sends `{ error: message }` with this
// status, so the message is what the user sees: write it for them.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = () => new HttpError(429, 'Too many attempts. Please try again later.');
export const notFound = (message: string) => new HttpError(404, message);
