import { formatDay } from '../../domain/format-dates.ts';

export const dataValidationTexts = {
  title: 'Validar mis datos',
  menuEntry: 'Validar mis datos',
  dueTitle: 'Tienes algo pendiente',
  dueLead:
    'Revisa y confirma tus datos personales, el seguro y la titulación: hasta entonces no podrás pedir bajadas y tu carnet saldrá en rojo.',
  review: 'Revisar mis datos',
  dueBecause: 'Tienes que confirmar tus datos:',
  validUntil: (day: string) =>
    `Tus datos están confirmados hasta el ${formatDay(day)}. Si algo ha cambiado, corrígelo y confírmalo de nuevo.`,
  personalTitle: 'Datos personales',
  firstName: 'Nombre',
  surnames: 'Apellidos',
  email: 'Correo electrónico',
  phone: 'Teléfono móvil',
  contactHint: 'El correo y el móvil se cambian en Mi cuenta, con un código que te enviamos.',
  changeContact: 'Cambiar el correo o el móvil en Mi cuenta',
  document: 'Documento de identidad',
  documentExpiresOn: 'Caducidad del documento de identidad',
  licenceTitle: 'Titulación náutica',
  noLicence: 'No tengo titulación (patronea otra persona).',
  licenceType: 'Tipo de titulación',
  licenceTypePlaceholder: 'Elige el tipo',
  licenceNumber: 'Número de la titulación',
  licenceExpiresOn: 'Caducidad de la titulación',
  boatsTitle: 'Seguro de tus barcos',
  noBoats: 'No tienes barcos en el puerto.',
  insurer: 'Aseguradora',
  policyNumber: 'Número de póliza',
  insuranceExpiresOn: 'Caducidad del seguro',
  // One boat's fields, named in words, never «Aseguradora: Brisa».
  insurerOf: (boat: string) => `Aseguradora de ${boat}`,
  policyNumberOf: (boat: string) => `Número de póliza de ${boat}`,
  insuranceExpiresOnOf: (boat: string) => `Caducidad del seguro de ${boat}`,
  confirm: 'Confirmo que mis datos son correctos.',
  send: 'Confirmar mis datos',
} as const;
