import { formatDay } from '../../domain/format-dates.ts';
import type { LicenceType } from '../../domain/authorisations.ts';
import type { CodeChannel } from '../../domain/platform.ts';

/** «Gaviota», «Gaviota y Brisa», «Gaviota, Brisa y Marea». */
const listFormat = new Intl.ListFormat('es', { type: 'conjunction' });

/** A licence's type as people say it, short enough for a line. */
const LICENCE_SHORT: Readonly<Record<LicenceType, string>> = {
  per: 'PER',
  pnb: 'PNB',
  patron_yate: 'Patrón de Yate',
  capitan_yate: 'Capitán de Yate',
  licencia_navegacion: 'Licencia de navegación',
  foreign: 'Titulación extranjera',
};

export const authorisationTexts = {
  // autorizados
  title: 'Autorizados',
  loading: 'Cargando tus autorizados…',
  intro: 'Personas a las que dejas usar tus barcos: podrán pedir bajadas dentro del periodo que elijas.',
  noneTitle: 'Aún no has autorizado a nadie',
  none: 'Deja que alguien de confianza use tus barcos: podrá pedir bajadas dentro del periodo que elijas.',
  noneForBoat: (boat: string) => `Nadie está autorizado para ${boat}.`,
  add: 'Autorizar a una persona',
  filter: 'Barco',
  allBoats: 'Todos',
  /** The boats and the period, on one line under the name: «Gaviota y Brisa · del sábado 28 de noviembre al…». */
  boatsAndPeriod: (boats: readonly string[], period: string) => `${listFormat.format(boats)} · ${period}`,
  periodText: (from: string, to: string | null) =>
    to ? `del ${formatDay(from)} al ${formatDay(to)}` : `desde el ${formatDay(from)}, sin fecha de fin`,
  /** The licence in short: its type as people say it and its last day. */
  licenceLine: (type: LicenceType, expiresOn: string) =>
    `${LICENCE_SHORT[type]}, en vigor hasta el ${formatDay(expiresOn)}`,
  suspendedBecause: (reason: string) => `La suspendiste con este motivo: «${reason}».`,
  account: (name: string) => `Cuenta de ${name} en la aplicación`,
  accountNone:
    'Aún sin cuenta: verá tus barcos cuando entre en la aplicación con su documento y el teléfono o el correo que diste.',
  accountDeleted: 'Borró su cuenta: la autorización ha terminado. Si quieres que use tus barcos, autorízala de nuevo.',
  validate: 'Escribir el código',
  suspend: 'Suspender',
  reactivate: 'Reactivar',
  reschedule: 'Cambiar el periodo',
  noOwnBoats: 'Solo puedes autorizar a otras personas en los barcos de los que eres titular.',
  // alta-autorizado
  addTitle: 'Autorizar a una persona',
  addIntro: 'Le enviaremos un código: cuando te lo dé, podrá usar los barcos que elijas dentro del periodo.',
  personTitle: 'Datos de la persona',
  firstName: 'Nombre',
  surnames: 'Apellidos',
  document: 'DNI, NIE o pasaporte',
  documentHint:
    'La persona verá tus barcos en su cuenta de la aplicación si esa cuenta tiene este documento y el teléfono o el correo que escribas aquí.',
  phone: 'Teléfono móvil',
  phoneHint: 'Ejemplo: 612 345 678. Con prefijo si no es español (+33…).',
  email: 'Correo electrónico',
  licenceTitle: 'Titulación náutica',
  licenceType: 'Tipo de titulación',
  chooseLicence: 'Elige el tipo',
  licenceNumber: 'Número de la titulación',
  licenceExpiresOn: 'Caducidad de la titulación',
  licenceExpiresOnHint: 'Debe estar en vigor todo el periodo de la autorización.',
  boatsLegend: 'Barcos que podrá usar',
  boatsHint: 'Solo los barcos de los que eres titular.',
  periodTitle: 'Periodo de la autorización',
  validFrom: 'Desde',
  validFromHint: (today: string) => `Desde hoy (${formatDay(today)}) en adelante.`,
  validTo: 'Hasta (opcional)',
  validToHint: 'Déjalo vacío si no tiene fecha de fin.',
  send: 'Autorizar y enviar el código',
  // validar-autorizado
  validateTitle: 'Validar la autorización',
  codeSentTo: (name: string, channel: CodeChannel, destination: string) =>
    channel === 'sms'
      ? // A phone's groups never split across lines (docs/design/README.md).
        `Hemos enviado un código de 6 cifras a ${name} por SMS al ${destination.replaceAll(' ', '\u00a0')}.`
      : `Hemos enviado un código de 6 cifras a ${name} por correo electrónico a ${destination}.`,
  askForCode: 'Pídele el código y escríbelo aquí para activar la autorización. Caduca a los 10 minutos.',
  code: 'Código de la persona autorizada',
  validateSend: 'Validar',
  validated: (name: string, account: string | null) =>
    account === null
      ? `Autorización de ${name} validada. Podrá usar los barcos dentro de su periodo cuando entre en la aplicación con una cuenta que tenga su documento y el teléfono o el correo que diste.`
      : `Autorización de ${name} validada: ya puede usar los barcos dentro de su periodo, desde la cuenta de ${account}.`,
  alreadyActive: 'Esta autorización ya está validada.',
  // suspender-autorizado
  suspendTitle: 'Suspender la autorización',
  suspendExplain: (name: string) =>
    `Mientras la autorización esté suspendida, ${name} no podrá pedir bajadas con tus barcos. Las bajadas que tenga pedidas con tus barcos se cancelarán.`,
  reason: 'Motivo (opcional)',
  reasonHint: 'La persona lo verá en su aplicación.',
  suspendSend: 'Suspender la autorización',
  suspended: (name: string) =>
    `Autorización de ${name} suspendida. Sus bajadas pedidas con tus barcos se han cancelado.`,
  reactivateExplain: (name: string) =>
    `La autorización de ${name} está suspendida. Si la reactivas, podrá volver a pedir bajadas dentro de su periodo.`,
  reactivateSend: 'Reactivar la autorización',
  reactivated: (name: string) => `Autorización de ${name} reactivada.`,
  cannotSuspend: 'Esta autorización no se puede suspender ni reactivar ahora.',
  // reprogramar-autorizado
  rescheduleTitle: 'Cambiar el periodo',
  rescheduleIntro: 'Elige desde qué día puede usar tus barcos y, si quieres, hasta cuándo.',
  rescheduleSend: 'Guardar el periodo',
  rescheduled: (name: string) => `Periodo de ${name} cambiado.`,
  // Withdrawing a pending invitation (autorizados, validar-autorizado)
  withdraw: 'Retirar la invitación',
  withdrawHint:
    '¿El teléfono o el correo estaban mal? Retira la invitación y vuelve a añadir a la persona con los datos correctos.',
  withdrawQuestion: (name: string) => `¿Retirar la invitación a ${name}?`,
  withdrawExplain: (channel: CodeChannel | undefined) =>
    `El código que le enviamos${channel === 'sms' ? ' por SMS' : channel === 'email' ? ' por correo' : ''} dejará de valer y su plaza en tus barcos quedará libre. No guardaremos sus datos: podrás volver a añadirla cuando quieras.`,
  withdrawConfirm: 'Sí, retirar la invitación',
  withdrawKeep: 'No, mantenerla',
  withdrawn: (name: string) => `Invitación a ${name} retirada.`,
  withdrawConflict:
    'Esta persona ya ha validado su código, así que la invitación no se puede retirar. Si no quieres que use tus barcos, suspende su autorización.',
  // Shared
  notFoundTitle: 'Autorización no encontrada',
  notFound: 'No hemos encontrado esta autorización entre las tuyas. Puede que el enlace esté incompleto.',
  backToList: 'Volver a Autorizados',
  // misbarcos, for a boat someone else owns
  boatOf: (owner: string) => `Barco de ${owner}`,
  authorisedUntil: (day: string | null) =>
    day ? `Autorizado hasta el ${formatDay(day)}` : 'Autorizado sin fecha de fin',
  authorise: 'Autorizados de este barco',
} as const;
