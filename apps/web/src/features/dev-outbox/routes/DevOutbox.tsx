import { useState } from 'react';
import type { FormEvent } from 'react';
import type { OutboxMessage } from '@togo/domain/public-config.contract';
import { useSearchParams } from 'react-router';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { formatDateTime } from '../../../lib/formatters.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useOutboxQuery } from '../api/outbox.ts';

const CHANNEL_LABEL: Record<OutboxMessage['channel'], string> = {
  email: 'Correo',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** /dev/outbox: reads the development outbox (emails, SMS and WhatsApp messages that were not really sent). */
export function DevOutboxRoute() {
  usePageTitle('Bandeja de desarrollo');
  const config = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const enabled = config.data?.outbox === true;
  const outbox = useOutboxQuery(to, enabled);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    setParams(value ? { to: value } : {}, { replace: true });
  };

  return (
    <main className="page page--wide">
      <section className="outbox">
        <h1 className="outbox__title">Bandeja de desarrollo</h1>
        {config.isPending ? <TruckLoader /> : null}
        {config.data && !enabled ? (
          <p className="lead">
            La bandeja de desarrollo no está disponible: los mensajes se envían de verdad.
          </p>
        ) : null}
        {enabled ? (
          <>
            <p className="lead">
              Correos y SMS guardados en lugar de enviarse. Se actualiza cada 5 segundos.
            </p>
            <form className="outbox__form" onSubmit={onSubmit}>
              <label htmlFor="outbox-to" className="field__label">
                Destinatario (correo o celular)
              </label>
              <div className="outbox__row">
                <input
                  id="outbox-to"
                  name="to"
                  className="input"
                  value={draft}
                  placeholder="tucorreo@ejemplo.com o 3001234567"
                  onChange={(event) => setDraft(event.target.value)}
                />
                <button type="submit" className="btn btn--primary">
                  Consultar
                </button>
              </div>
            </form>
            {outbox.isError ? <p className="field-error">No se pudo leer la bandeja.</p> : null}
            {to && outbox.data?.length === 0 ? <p className="lead">No hay mensajes para {to}.</p> : null}
            <ol className="outbox__list" aria-label="Mensajes">
              {(outbox.data ?? []).map((message) => (
                <li key={`${message.created}-${message.to}-${message.channel}`} className="outbox__item">
                  <p className="outbox__meta">
                    <span className="badge">{CHANNEL_LABEL[message.channel]}</span>
                    <span>{message.to}</span>
                    <time dateTime={message.created}>{formatDateTime(message.created)}</time>
                  </p>
                  {message.subject ? <p className="outbox__subject">{message.subject}</p> : null}
                  {message.code ? (
                    <p className="outbox__code">
                      Código: <mark>{message.code}</mark>
                    </p>
                  ) : null}
                  <pre className="outbox__body">{message.body}</pre>
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </section>
    </main>
  );
}
