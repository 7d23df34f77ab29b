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
  privacySummary: 'Leer la política de privacidad',
  privacyText: [
    'Tus datos se usan solo para gestionar tu relación con la marina: contratos, bajadas, carnet y avisos.',
    'No se ceden a terceros salvo obligación legal.',
    'Puedes consultarlos, corregirlos o borrar tu cuenta desde «Mi cuenta».',
  ],
  registerSteps: ['Tus datos', 'Tu código', 'Tu contraseña'],
  registerLead: 'Con tu cuenta pides las bajadas de tu barco y llevas el carnet en el móvil.',
  aboutYou: 'Sobre ti',
  howToReachYou: 'Dónde avisarte',
  haveAccount: '¿Ya tienes cuenta? Entra',
  validateTitle: 'Valida tu registro',
  /** «Te hemos enviado un código de 6 cifras por SMS al», before the address (drawn in bold), or the end. */
  codeSentVia: (channel: CodeChannel, destination?: string) =>
    channel === 'sms'
      ? `Te hemos enviado un código de 6 cifras por SMS${destination ? ' al' : '.'}`
      : `Te hemos enviado un código de 6 cifras por correo electrónico${destination ? ' a' : '.'}`,
  codeExpiry: 'Caduca a los 10 minutos.',
  code: 'Código de verificación',
  validate: 'Validar',
  restartRegistration: 'Empezar el registro de nuevo',
  activateTitle: 'Activa tu cuenta',
  activateGreeting: (name: string) => `Hola, ${name}. Elige tu contraseña para terminar.`,
  newPassword: 'Contraseña nueva',
  terms: 'Acepto las condiciones del servicio de la marina.',
  termsSummary: 'Leer las condiciones del servicio',
  /** The terms `activar` asks to accept: the product's rules (docs/product.md) as they bind the person. */
  termsText: (marina: string) => [
    `Estas condiciones son las de ${marina} para usar su servicio desde la app.`,
    'Tu cuenta es personal. Tus datos tienen que ser ciertos y estar al día; la marina puede pedirte que los confirmes.',
    'Para pedir bajadas de un barco hace falta un contrato de estancia aprobado por la marina y un seguro en vigor.',
    'Las bajadas se piden dentro del horario y con la antelación que fija la marina. La marina puede moverlas o cancelarlas por el tiempo, el mar o su capacidad, y siempre te avisa.',
    'Solo usan tu barco las personas que autorices, con su titulación en vigor. Tú respondes de a quién autorizas.',
    'Registra cada salida y marca la vuelta. Si pasa la hora de regreso, la marina intentará contactar contigo.',
    'El carnet es personal: enséñalo en el control cuando te lo pidan.',
    'Puedes borrar tu cuenta cuando quieras desde «Mi cuenta».',
  ],
  activate: 'Activar cuenta',
  forgotTitle: 'Recuperar la contraseña',
  resetSteps: ['Tu cuenta', 'El código y la contraseña nueva'],
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
