import type { CodeChannel } from '../../domain/platform.ts';
import { loginTexts } from './login-texts.ts';

export const authTexts = {
  ...loginTexts,
  registerTitle: 'Crear cuenta',
  firstName: 'Nombre',
  surnames: 'Apellidos',
  document: 'DNI, NIE o pasaporte',
  documentHint: 'Con la letra, sin espacios. Ejemplo: 12345678Z.',
  email: 'Correo electrónico',
  phone: 'Teléfono móvil',
  phoneHint: 'Ejemplo: 612 345 678. Si no es español, con el prefijo: +351 912 345 678.',
  privacy: 'He leído y acepto la política de privacidad de la marina.',
  privacySummary: 'Resumen de la política de privacidad',
  privacyText:
    'Tus datos se usan solo para gestionar tu relación con la marina (contratos, bajadas, carnet y avisos). No se ceden a terceros salvo obligación legal. Puedes consultarlos, corregirlos o borrar tu cuenta desde «Mi cuenta».',
  createAccount: 'Crear cuenta',
  haveAccount: '¿Ya tienes cuenta? Entra',
  validateTitle: 'Valida tu registro',
  codeSentTo: (channel: CodeChannel, destination?: string) =>
    channel === 'sms'
      ? `Te hemos enviado un código de 6 cifras por SMS${destination ? ` al ${destination}` : ''}.`
      : `Te hemos enviado un código de 6 cifras por correo electrónico${destination ? ` a ${destination}` : ''}.`,
  codeExpiry: 'Caduca a los 10 minutos.',
  code: 'Código de verificación',
  validate: 'Validar',
  restartRegistration: 'Empezar el registro de nuevo',
  activateTitle: 'Activa tu cuenta',
  activateGreeting: (name: string) => `Hola, ${name}. Elige tu contraseña para terminar.`,
  newPassword: 'Contraseña nueva',
  terms: 'Acepto las condiciones del servicio de la marina.',
  activate: 'Activar cuenta',
  forgotTitle: 'Recuperar la contraseña',
  forgotLead: 'Escribe tu correo o tu documento y te enviaremos un código para elegir una contraseña nueva.',
  sendCode: 'Enviar código',
  resetSent: (channel: CodeChannel) =>
    channel === 'sms'
      ? 'Si hay una cuenta con esos datos, te hemos enviado un código por SMS al móvil que tienes registrado.'
      : 'Si hay una cuenta con esos datos, te hemos enviado un código por correo electrónico a la dirección registrada.',
  changePassword: 'Cambiar la contraseña',
  resetDone: 'Contraseña cambiada. Hemos cerrado tus sesiones abiertas; entra con la nueva.',
  goToLogin: 'Ir a entrar',
} as const;
