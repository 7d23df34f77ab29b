import { defineClientConfig } from '@marina/core/config/app-config.ts';

export default defineClientConfig({
  clientId: 41,
  clientApp: 'MB41',
  clientTitulo: 'Marina Port Blau',
  clientShortName: 'Port Blau',
  clientLogo: './logo.svg',
  clientIcon: './icon.svg',
  timeZone: 'Europe/Madrid',
  openingHours: [
    { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
    { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
  ],
  sendsSms: true,
  // Its customers' mobiles: Spanish, British and German (docs/product.md §7.6).
  smsCountries: ['ES', 'GB', 'DE'],
  tokens: {
    color: {
      brand: '#0b4f6c',
      onBrand: '#ffffff',
      accent: '#0b6e99',
    },
  },
  contact: {
    phone: '+34 971 000 041',
    email: 'capitania@portblau.example',
    address: 'Moll de Ponent, 1\n07157 Port d’Andratx (Illes Balears)',
    openingHours: [
      'Abril a octubre: todos los días de 08:00 a 20:00',
      'Noviembre a marzo: todos los días de 09:00 a 18:00',
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
