import { defineClientConfig } from '@marina/core/config/app-config.ts';

export default defineClientConfig({
  clientId: 63,
  clientApp: 'MB63',
  clientTitulo: 'Marina Atlántica',
  clientShortName: 'Atlántica',
  clientLogo: './logo.svg',
  clientIcon: './icon.svg',
  timeZone: 'Atlantic/Canary',
  openingHours: [
    { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
    { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
  ],
  sendsSms: false,
  tokens: {
    color: {
      brand: '#0d5c63',
      onBrand: '#ffffff',
      accent: '#0e6b6f',
    },
  },
  contact: {
    phone: '+34 928 000 063',
    email: 'info@marinaatlantica.example',
    address: 'Muelle Deportivo, s/n\n35008 Las Palmas de Gran Canaria',
    openingHours: [
      'Abril a octubre: de 08:00 a 20:00 (hora canaria)',
      'Noviembre a marzo: de 09:00 a 18:00 (hora canaria)',
    ],
  },
  faq: [
    {
      question: '¿Qué hago si no puedo entrar en la app?',
      answer:
        'Usa «¿Has olvidado tu contraseña?» en la pantalla de entrada o llámanos: te ayudamos a recuperar el acceso.',
    },
    {
      question: '¿Por qué mi carnet aparece en rojo?',
      answer:
        'Falta algo para poder usar el barco: el contrato, el seguro o validar tus datos. La pantalla del carnet te dice qué y cómo arreglarlo.',
    },
  ],
});
