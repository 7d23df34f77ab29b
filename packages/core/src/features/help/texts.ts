export const helpTexts = {
  title: 'Ayuda',
  contactTitle: 'Contacta con la marina',
  call: (phone: string) => `Llamar al ${phone}`,
  write: (email: string) => `Escribir a ${email}`,
  address: 'Dirección',
  hoursTitle: 'Horario',
  faqTitle: 'Preguntas frecuentes',
} as const;
