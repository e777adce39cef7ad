import type { UserInfo } from '@togo/domain/auth/auth.contract';
import type { ProfileEmailChange, ProfileNameChange } from '@togo/domain/profile/profile.contract';
import { apiPatch, apiUpload } from '../../../lib/api-client.ts';
import { updateUserInfo } from '../../../lib/storage.ts';

type ProfileAnswer = Partial<UserInfo> &
  Pick<UserInfo, 'email' | 'first_name' | 'last_name' | 'profile_picture'>;

const path = (userId: number) => `/api/users-admin-manager/${userId}/`;

/** The fields the profile reads from the answer go back into the stored userInfo (SPPF §3). */
function remember(answer: ProfileAnswer): UserInfo | null {
  return updateUserInfo({
    email: answer.email,
    username: answer.username ?? answer.email,
    first_name: answer.first_name,
    last_name: answer.last_name,
    nombres: answer.nombres ?? answer.first_name,
    apellidos: answer.apellidos ?? answer.last_name,
    profile_picture: answer.profile_picture,
    ...(answer.tercero ? { tercero: answer.tercero } : {}),
  });
}

/** PATCH {email, username, intermediaryy{email}} */
export async function changeEmail(userId: number, email: string): Promise<UserInfo | null> {
  const body: ProfileEmailChange = { email, username: email, intermediaryy: { email } };
  return remember(await apiPatch<ProfileAnswer>(path(userId), body));
}

/** PATCH {first_name, last_name, intermediaryy{first_name, last_name, bussines_name}} */
export async function changeName(
  userId: number,
  firstName: string,
  lastName: string,
): Promise<UserInfo | null> {
  const body: ProfileNameChange = {
    first_name: firstName,
    last_name: lastName,
    intermediaryy: { first_name: firstName, last_name: lastName, bussines_name: null },
  };
  return remember(await apiPatch<ProfileAnswer>(path(userId), body));
}

/** PATCH multipart profile_picture */
export async function changePicture(userId: number, file: File): Promise<UserInfo | null> {
  return remember(await apiUpload<ProfileAnswer>(path(userId), 'profile_picture', file, { method: 'PATCH' }));
}
