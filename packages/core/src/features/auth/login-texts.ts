/** The sign-in screen's words, apart from the other account screens': they come with its first load. */
export const loginTexts = {
  loginTitle: 'Entrar',
  identifier: 'Correo electrónico o documento',
  identifierHint: 'El correo o el DNI, NIE o pasaporte con el que te registraste.',
  password: 'Contraseña',
  signIn: 'Entrar',
  forgot: '¿Has olvidado tu contraseña?',
  noAccount: '¿Aún no tienes cuenta?',
  createAccount: 'Crear cuenta',
  help: 'Ayuda',
} as const;
