// The widget's text modules without typings of their own (they only register texts when loaded).
declare module 'altcha/i18n/es-es'
declare module 'altcha/i18n/fr-fr'
declare module 'altcha/i18n/pt-pt'
