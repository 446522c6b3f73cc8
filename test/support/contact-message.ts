/** A contact message every rule accepts, as a visitor would write it: the forms' tests post it or a variant of it. */
export const VALID_CONTACT_MESSAGE = {
  name: 'Dana Whitfield',
  email: 'dana@whitfield-cpa.example',
  company: 'Whitfield & Co. CPAs',
  phone: '+1 (555) 010-2030',
  topic: 'own-ria',
  message: 'We are a 12-person CPA firm.\nWe would like to talk about launching our own RIA next year.',
};
