import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { GROUP_CLIENT, GROUP_COMPANY } from '@togo/domain/roles';
import { BuildingIcon, InfoIcon, PersonIcon } from '../../../components/ui/icons.tsx';
import { Logo } from '../../../components/ui/Logo.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { getUserInfo, setUserInfo, updateUserInfo } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isMobileUserAgent } from '../../../lib/user-agent.ts';
import { useChangeUserTypeMutation } from '../api/change-user-type.ts';
import { confirmLogin } from '../api/confirm-login.ts';

type Kind = 'persona' | 'empresa';

const INFO: Record<Kind, string> = {
  persona:
    'Para consumidores y usuarios finales: lleva tu garaje personal y recibe las alertas de tus vehículos.',
  empresa: 'Para empresas y corporaciones que administran una flota de vehículos y a sus conductores.',
};

/** /user-type: '¿Qué tipo de usuario eres?' — Persona or Empresa (first sign-in only). */
export function UserTypeRoute() {
  usePageTitle('Tipo de usuario');
  const navigate = useNavigate();
  const dialog = useDialog();
  const change = useChangeUserTypeMutation();
  const [confirming, setConfirming] = useState(false);
  const [openInfo, setOpenInfo] = useState<Kind | null>(null);

  const choose = async (kind: Kind) => {
    const user = getUserInfo();
    if (!user?.id) {
      await dialog.show({
        variant: 'error',
        title: '¡Ups!',
        message: '¡Ups! No existe información del usuario',
      });
      return;
    }
    try {
      const result = await change.mutateAsync({
        userId: user.id,
        group: kind === 'persona' ? GROUP_CLIENT : GROUP_COMPANY,
      });
      updateUserInfo({ groups: result.groups, ids_roles: result.ids_roles, is_first_login_togo: false });
    } catch (error) {
      console.error('Cambio de tipo de usuario', error);
      await dialog.show(
        kind === 'persona'
          ? {
              variant: 'error',
              title: '¡Ups!',
              message: '¡Ups! No se realizó el cambio del tipo de usuario a persona',
            }
          : {
              variant: 'warning',
              title: '¡Ups!',
              message: '¡Ups! No se realizó el cambio del tipo de usuario a empresa',
            },
      );
      return;
    }
    if (kind === 'persona') {
      await navigate('/user-type/garaje');
      return;
    }
    setConfirming(true);
    try {
      const info = await confirmLogin();
      const current = getUserInfo();
      setUserInfo({ ...current, ...info, is_first_login_togo: false });
    } catch (error) {
      console.error('confirmar_inicio_sesion', error);
    } finally {
      setConfirming(false);
    }
    // AHGA §4: on a phone the company is told to open TOGO on a PC; on a PC it goes to its fleet area.
    await navigate(isMobileUserAgent() ? '/user-type/inicio-empresas' : '/flota');
  };

  const busy = change.isPending || confirming;

  return (
    <main className="page page--auth">
      <section className="user-type">
        <Logo />
        <h1 className="user-type__title">¿Qué tipo de usuario eres?</h1>
        <p className="lead">Elige cómo vas a usar TOGO.</p>
        <div className="user-type__cards">
          <TypeCard
            kind="persona"
            title="Persona"
            icon={<PersonIcon />}
            infoOpen={openInfo === 'persona'}
            onInfo={(open) => setOpenInfo(open ? 'persona' : null)}
            onChoose={() => void choose('persona')}
            disabled={busy}
          />
          <TypeCard
            kind="empresa"
            title="Empresa"
            icon={<BuildingIcon />}
            infoOpen={openInfo === 'empresa'}
            onInfo={(open) => setOpenInfo(open ? 'empresa' : null)}
            onChoose={() => void choose('empresa')}
            disabled={busy}
          />
        </div>
      </section>
      {busy ? <TruckLoader overlay /> : null}
    </main>
  );
}

interface TypeCardProps {
  kind: Kind;
  title: string;
  icon: ReactNode;
  infoOpen: boolean;
  onInfo: (open: boolean) => void;
  onChoose: () => void;
  disabled: boolean;
}

function TypeCard({ kind, title, icon, infoOpen, onInfo, onChoose, disabled }: TypeCardProps) {
  const bubbleId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const onInfoRef = useRef(onInfo);
  useEffect(() => {
    onInfoRef.current = onInfo;
  });

  useEffect(() => {
    if (!infoOpen) return;
    // A click anywhere outside the card's info button/bubble closes the bubble.
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) onInfoRef.current(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onInfoRef.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [infoOpen]);

  return (
    <div className="type-card">
      <button type="button" className="type-card__choose" onClick={onChoose} disabled={disabled}>
        <span className="type-card__icon">{icon}</span>
        <span className="type-card__title">{title}</span>
      </button>
      <div className="type-card__info" ref={wrapper}>
        <button
          type="button"
          className="icon-button type-card__info-button"
          aria-label={`¿Qué es ${title}?`}
          aria-expanded={infoOpen}
          aria-controls={bubbleId}
          onClick={() => onInfo(!infoOpen)}
        >
          <InfoIcon />
        </button>
        <p id={bubbleId} className="type-card__bubble" role="tooltip" hidden={!infoOpen}>
          {INFO[kind]}
        </p>
      </div>
    </div>
  );
}
