/** The Spanish answers of the accounts endpoints. */
export const ACCOUNT_MESSAGES = {
  badCredentials: 'No fue posible iniciar sesión con las credenciales proporcionadas.',
  severalAccounts: 'Encontramos varias cuentas asociadas. Selecciona la cuenta con la que deseas continuar.',
  emailTaken: 'El correo ya esta registrado',
  codeSent: 'Te enviamos un código de verificación.',
  codeVerified: 'Código verificado correctamente.',
  passwordChanged: 'Tu contraseña se actualizó correctamente.',
  accountCreated: 'Tu cuenta se ha creado con éxito.',
  providerNotConfigured: (p: string) => `El inicio de sesión con ${p} no está configurado.`,
  providerRejected: (p: string) => `No fue posible verificar tu cuenta de ${p}. Intenta de nuevo.`,
  socialEmailTaken:
    'Ya existe una cuenta con este correo. Inicia sesión con tu correo y contraseña para continuar.',
  userTypeDefined: 'El tipo de usuario ya fue definido para esta cuenta.',
} as const;
