// react-i18next as every app of the platform receives it: the part the apps use, re-exported
// (like router.mjs for react-router). Shared whole it cannot be tree-shaken (a shared module
// offers every export): ICU Trans, SSR helpers and HOCs nobody calls. sharedConfig() provides
// this file as the singleton 'react-i18next'. The `?kernel` query makes the request below differ
// from the shared name, so the bundler resolves the package itself here instead of consuming
// this very file from the share scope.
export {
  useTranslation,
  Trans,
  initReactI18next,
  I18nextProvider,
  I18nContext,
  Translation,
  withTranslation,
} from '#react-i18next';
