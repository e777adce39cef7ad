/** The one error type services throw; the error handler turns it into a DRF-style body. */
export class AppError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, body: Record<string, unknown> | string, headers: Record<string, string> = {}) {
    const b = typeof body === 'string' ? { detail: body } : body;
    super(typeof b.detail === 'string' ? b.detail : `HTTP ${status}`);
    this.status = status;
    this.body = b;
    this.headers = headers;
  }

  static badRequest(body: Record<string, unknown> | string) {
    return new AppError(400, body);
  }

  static field(field: string, message: string) {
    return new AppError(400, { [field]: [message] });
  }

  static unauthorized(detail = 'Las credenciales de autenticación no se proveyeron.') {
    return new AppError(401, detail);
  }

  static forbidden(detail = 'No tienes permiso para realizar esta acción.') {
    return new AppError(403, detail);
  }

  static notFound(detail = 'No encontrado.') {
    return new AppError(404, detail);
  }

  static conflict(detail: string) {
    return new AppError(409, detail);
  }

  static tooMany(detail: string, retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, detail, { 'Retry-After': String(seconds) });
  }

  static unavailable(detail: string) {
    return new AppError(503, detail);
  }
}
