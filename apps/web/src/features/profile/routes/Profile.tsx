import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { UserInfo } from '@togo/domain/auth/auth.contract';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useComingSoon } from '../../../components/ui/coming-soon.ts';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { getUserInfo } from '../../../lib/storage.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { changeEmail, changeName, changePicture } from '../api/update-profile.ts';
import { EmailVerificationModal } from '../components/EmailVerificationModal.tsx';
import { PersonalDataSection } from '../components/PersonalDataSection.tsx';
import { ProfileFormModal } from '../components/ProfileFormModal.tsx';
import { ProfileRow } from '../components/ProfileRow.tsx';
import { validateEmail, validateName } from '../profile-forms.ts';
import '../profile.css';

type Editing = 'email' | 'verify-email' | 'name' | null;

function fullName(user: UserInfo | null): string {
  return [user?.first_name || user?.nombres, user?.last_name || user?.apellidos]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** app/profile (SPPF §2 "Profile screen"). */
export function ProfileRoute() {
  usePageTitle('Perfil');
  const dialog = useDialog();
  const comingSoon = useComingSoon();
  const [user, setUser] = useState<UserInfo | null>(getUserInfo);
  const [editing, setEditing] = useState<Editing>(null);
  /** The code of the pending email change was just sent (its countdown runs). */
  const [justSent, setJustSent] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  if (!user) {
    return (
      <main className="page page--app">
        <PageHeader title="Perfil" back="/app/home" />
        <p className="lead">No encontramos los datos de tu cuenta. Vuelve a iniciar sesión.</p>
      </main>
    );
  }

  const saved = (next: UserInfo | null) => {
    if (next) setUser(next);
    setEditing(null);
  };

  const emailChanged = (next: UserInfo | null) => {
    if (next) setUser(next);
    setJustSent(true);
    setEditing(next?.correo_pendiente ? 'verify-email' : null);
  };

  const emailVerified = async (next: UserInfo | null) => {
    saved(next);
    await dialog.show({ variant: 'success', message: 'Tu correo se actualizó correctamente.' });
  };

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      saved(await changePicture(user.id, file));
    } catch (error) {
      await dialog.show({
        variant: 'error',
        message: errorDetail(error) ?? 'No pudimos actualizar tu foto. Intenta de nuevo.',
      });
    } finally {
      setUploading(false);
    }
  };

  const name = fullName(user);
  return (
    <main className="page page--app">
      <PageHeader title="Perfil" back="/app/home" />
      <section className="profile-head" aria-label="Tu cuenta">
        <div className="profile-avatar">
          <img
            className="profile-avatar__img"
            src={user.profile_picture || '/avatar.svg'}
            alt={user.profile_picture ? 'Tu foto de perfil' : 'Sin foto de perfil'}
            width={112}
            height={112}
          />
          <button
            type="button"
            className="profile-avatar__change"
            onClick={() => fileInput.current?.click()}
            disabled={uploading}
          >
            Cambiar foto
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png"
            hidden
            aria-label="Foto de perfil"
            onChange={(event) => void onPick(event)}
          />
        </div>
        <h2 className="profile-head__name">{name || 'Sin nombre'}</h2>
        <p className="profile-head__email">{user.email}</p>
      </section>

      <h3 className="profile-section">Cuenta</h3>
      <ul className="profile-rows">
        <ProfileRow label="Correo electrónico" value={user.email} onClick={() => setEditing('email')} />
        {user.correo_pendiente ? (
          <ProfileRow
            label="Correo pendiente de verificación"
            value={user.correo_pendiente}
            onClick={() => {
              setJustSent(false);
              setEditing('verify-email');
            }}
          />
        ) : null}
        <ProfileRow label="Contraseña" value="••••••••" to="/auth/reset-password?from=app" />
        <ProfileRow label="Nombre" value={name} onClick={() => setEditing('name')} />
      </ul>

      <h3 className="profile-section">Avisos</h3>
      <ul className="profile-rows">
        <ProfileRow label="Preferencias, calendario e historial" to="/app/profile/avisos" />
      </ul>

      <h3 className="profile-section">Suscripción</h3>
      <ul className="profile-rows">
        <ProfileRow label="Planes" onClick={() => void comingSoon()} />
        <ProfileRow label="Historial de pedidos" to="/app/agendamientos" />
        <ProfileRow label="Tarjetas de pago" onClick={() => void comingSoon()} />
      </ul>

      <PersonalDataSection />

      {editing === 'email' ? (
        <ProfileFormModal
          title="Cambiar correo"
          fields={[
            {
              name: 'email',
              label: 'Correo electrónico',
              type: 'email',
              autoComplete: 'email',
              initial: user.email,
              validate: validateEmail,
            },
          ]}
          onSubmit={async ({ email }) => emailChanged(await changeEmail(user.id, email ?? ''))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing === 'verify-email' && user.correo_pendiente ? (
        <EmailVerificationModal
          userId={user.id}
          pendingEmail={user.correo_pendiente}
          justSent={justSent}
          onVerified={(next) => void emailVerified(next)}
          onUpdated={(next) => next && setUser(next)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing === 'name' ? (
        <ProfileFormModal
          title="Cambiar nombre"
          fields={[
            {
              name: 'first_name',
              label: 'Nombres',
              autoComplete: 'given-name',
              initial: user.first_name || user.nombres || '',
              validate: validateName,
            },
            {
              name: 'last_name',
              label: 'Apellidos',
              autoComplete: 'family-name',
              initial: user.last_name || user.apellidos || '',
              validate: validateName,
            },
          ]}
          onSubmit={async ({ first_name, last_name }) =>
            saved(await changeName(user.id, first_name ?? '', last_name ?? ''))
          }
          onClose={() => setEditing(null)}
        />
      ) : null}
      {uploading ? <TruckLoader overlay text="Guardando foto..." /> : null}
    </main>
  );
}
