import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import { clockText } from '@togo/domain/clock-text';
import { serviceLabel } from '@togo/domain/labels';
import { formatCop } from '@togo/domain/money';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  PaymentEventError,
  PaymentGatewayUnavailableError,
} from '../../integrations/payments/payment-provider.ts';
import type { SandboxPaymentProvider } from '../../integrations/payments/sandbox.payments.ts';
import { signedWompiEvent } from '../../integrations/payments/wompi-event.ts';
import type { BookingService } from './booking.service.ts';

const REFERENCE_RE = /^TG[0-9A-Z]{10}$/;
/** The checkout page: its own inline styles, a form posting to itself, nothing else. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STATE_TEXT: Record<string, string> = {
  PENDING: 'Pendiente de pago',
  APPROVED: 'Pago aprobado',
  DECLINED: 'Pago rechazado',
  VOIDED: 'Pago anulado',
  ERROR: 'Pago con error',
  EXPIRED: 'La reserva expiró: el horario se liberó',
  CANCELLED: 'Agendamiento cancelado',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · TOGO</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0; background: #f3f6fb; color: #1b2430; }
  main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
  .card { background: #fff; border-radius: 1rem; padding: 1.25rem; box-shadow: 0 2px 10px rgba(11, 61, 145, .08); }
  h1 { font-size: 1.25rem; color: #0b3d91; margin: 0 0 .75rem; }
  .badge { display: inline-block; background: #ffc400; color: #1b2430; border-radius: .5rem; padding: .15rem .5rem; font-size: .8rem; font-weight: 600; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .4rem .75rem; margin: 1rem 0; }
  dt { color: #5b6577; } dd { margin: 0; font-weight: 600; }
  form { margin: 0; } .actions { display: grid; gap: .75rem; margin-top: 1rem; }
  button { width: 100%; font: inherit; font-weight: 600; border: 0; border-radius: .75rem; padding: .85rem; cursor: pointer; }
  button:focus-visible { outline: 3px solid #ffc400; outline-offset: 2px; }
  .approve { background: #0b3d91; color: #fff; } .decline { background: #e7eefb; color: #0b3d91; }
  p.note { color: #5b6577; font-size: .875rem; }
</style>
</head>
<body><main><div class="card">${body}</div></main></body>
</html>`;
}

/**
 * Payment webhooks (POST /api/pagos/webhook/{provider}/, verified by the provider, de-duplicated by event id)
 * and, with the sandbox provider, its checkout page: GET /api/pagos/sandbox/{reference}/ shows the booking and
 * 'Aprobar pago' / 'Rechazar pago'; the form posts to …/decision/, which sends the same signed event a gateway
 * would through the webhook route.
 */
export function paymentRoutes(
  app: FastifyInstance,
  deps: { booking: BookingService; clock: Clock; webUrl: string; sandboxCheckout?: boolean },
) {
  const { booking } = deps;
  const provider = booking.paymentProvider;

  app.post(
    `/api/pagos/webhook/${provider.name}/`,
    { schema: { summary: 'Webhook de eventos de la pasarela de pagos' } },
    async (req, reply) => {
      try {
        const event = await provider.verifyEvent(req.body, deps.clock.now());
        const outcome = await booking.applyPaymentEvent(event);
        return reply.code(200).send({ ok: true, outcome });
      } catch (err) {
        if (err instanceof PaymentEventError) {
          throw new AppError(err.kind === 'signature' ? 401 : 400, err.message);
        }
        if (err instanceof PaymentGatewayUnavailableError) {
          req.log.warn({ err }, 'payment gateway unavailable while verifying an event');
          throw AppError.unavailable('Pasarela de pagos no disponible, reintente más tarde.');
        }
        throw err;
      }
    },
  );

  if (provider.name !== 'sandbox' || deps.sandboxCheckout === false) return;
  const sandbox = provider as SandboxPaymentProvider;

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get(
      '/api/pagos/sandbox/:reference/',
      { schema: { summary: 'Página de pago de prueba (sandbox)' } },
      async (req, reply) => {
        const reference = (req.params as { reference: string }).reference;
        const payment = REFERENCE_RE.test(reference) ? await booking.findPayment(reference) : undefined;
        reply
          .header('cache-control', 'no-store')
          .header('content-security-policy', PAGE_CSP)
          .type('text/html; charset=utf-8');
        if (!payment || payment.provider !== 'sandbox') {
          return reply
            .code(404)
            .send(
              page('Pago no encontrado', '<h1>Pago no encontrado</h1><p>El enlace de pago no existe.</p>'),
            );
        }
        const [y, m, d] = payment.fecha.split('-');
        const details = `<dl>
        <dt>Servicio</dt><dd>${escapeHtml(serviceLabel(payment.servicio))}</dd>
        <dt>Sede</dt><dd>${escapeHtml(payment.branchNombre)}</dd>
        <dt>Fecha</dt><dd>${d}-${m}-${y} ${clockText(payment.hora)}</dd>
        <dt>Valor</dt><dd>${formatCop(payment.amountInCents / 100)}</dd>
        <dt>Referencia</dt><dd>${escapeHtml(payment.reference)}</dd>
        <dt>Estado</dt><dd><span role="status">${escapeHtml(STATE_TEXT[payment.status] ?? payment.status)}</span></dd>
      </dl>`;
        const back = `<p><a href="${escapeHtml(`${deps.webUrl}/app/agendamientos`)}">Ver mis agendamientos</a></p>`;
        const live =
          payment.status === 'PENDING' && (!payment.expiraEn || payment.expiraEn > deps.clock.now());
        const actions = live
          ? `<form method="post" action="decision/" class="actions">
            <button class="approve" type="submit" name="decision" value="APPROVED">Aprobar pago</button>
            <button class="decline" type="submit" name="decision" value="DECLINED">Rechazar pago</button>
          </form>`
          : back;
        return reply.send(
          page(
            'Pago de prueba',
            `<h1>Pago de prueba <span class="badge">Sandbox</span></h1>
           <p class="note">Pasarela de pruebas de TOGO: no se mueve dinero real.</p>${details}${actions}`,
          ),
        );
      },
    );

    scope.post(
      '/api/pagos/sandbox/:reference/decision/',
      { schema: { summary: 'Decisión en la página de pago de prueba (sandbox)' } },
      async (req, reply) => {
        const reference = (req.params as { reference: string }).reference;
        const decision = (req.body as { decision?: unknown } | null)?.decision;
        if (decision !== 'APPROVED' && decision !== 'DECLINED')
          throw AppError.field('decision', 'Opción inválida.');
        const payment = REFERENCE_RE.test(reference) ? await booking.findPayment(reference) : undefined;
        if (!payment || payment.provider !== 'sandbox') throw AppError.notFound('Pago no encontrado.');
        const event = signedWompiEvent(
          {
            id: `sbx-${reference}`,
            status: decision,
            reference,
            amount_in_cents: payment.amountInCents,
          },
          Math.floor(deps.clock.now().getTime() / 1000),
          sandbox.eventsSecret,
        );
        // The same HTTP delivery a gateway makes: verified and applied by the webhook route.
        const res = await app.inject({ method: 'POST', url: '/api/pagos/webhook/sandbox/', payload: event });
        if (res.statusCode !== 200) throw new Error(`sandbox webhook answered ${res.statusCode}`);
        return reply.code(303).header('location', `/api/pagos/sandbox/${reference}/`).send();
      },
    );
  });
}
