import { defineClientConfig } from '@marina/core/config/app-config.ts';

export default defineClientConfig({
  clientId: 25,
  clientApp: 'MB25',
  clientTitulo: 'Varadero Costa Brava',
  clientShortName: 'Costa Brava',
  clientLogo: './logo.svg',
  clientIcon: './icon.svg',
  timeZone: 'Europe/Madrid',
  openingHours: [
    { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
    { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
  ],
  sendsSms: true,
  // Its customers' mobiles: Spanish, French and British (docs/product.md §7.6).
  smsCountries: ['ES', 'FR', 'GB'],
  tokens: {
    color: {
      brand: '#7a1f2b',
      onBrand: '#ffffff',
      accent: '#9c2a3a',
    },
  },
  contact: {
    phone: '+34 972 000 025',
    email: 'oficina@varaderocostabrava.example',
    address: 'Passeig del Port, 25\n17250 Platja d’Aro (Girona)',
    openingHours: ['Abril a octubre: de 08:00 a 20:00', 'Noviembre a marzo: de 09:00 a 18:00'],
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
