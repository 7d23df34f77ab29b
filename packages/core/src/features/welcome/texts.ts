export const welcomeTexts = {
  // Addresses everyone, whatever their gender.
  homeTitle: (marina: string) => `Te damos la bienvenida a ${marina}`,
  homeLead: 'Pide tu bajada al agua, muestra tu carnet en el muelle y sigue tus salidas desde el móvil.',
  signIn: 'Entrar',
  register: 'Registrarse',
  help: '¿Necesitas ayuda?',
  sliderTitle: 'Conoce la aplicación',
  skip: 'Saltar',
  next: 'Siguiente',
  previous: 'Anterior',
  start: 'Empezar',
  slidePosition: (current: number, total: number) => `Paso ${current} de ${total}`,
  slides: [
    {
      scene: 'launch',
      title: 'Tu barco, al agua cuando lo pidas',
      body: 'Elige día y hora y la marina prepara tu bajada. Puedes moverla o cancelarla desde aquí.',
    },
    {
      scene: 'card',
      title: 'Tu carnet, siempre contigo',
      body: 'Enseña el código QR en la entrada. Funciona también sin cobertura en el pantalán.',
    },
    {
      scene: 'share',
      title: 'Comparte tu barco con tranquilidad',
      body: 'Autoriza a familiares o tripulación y decide durante cuánto tiempo pueden usarlo.',
    },
    {
      scene: 'sea',
      title: 'Sal a navegar con seguridad',
      body: 'Registra tus salidas: si no vuelves a la hora prevista, la marina lo sabrá.',
    },
  ],
} as const;
