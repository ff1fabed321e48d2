/**
 * The zod-free part of the details step: messages, the form's shape and its empty values (the schema is in
 * customer.ts, loaded on submit).
 */
export const customerMessages = {
  companyName: 'Introduceți denumirea firmei.',
  firstName: 'Introduceți prenumele.',
  lastName: 'Introduceți numele de familie.',
  name: 'Folosiți doar litere, spații și cratime.',
  county: 'Alegeți județul.',
  town: 'Introduceți localitatea.',
  street: 'Introduceți strada și numărul.',
  postalCode: 'Codul poștal are 6 cifre.',
  terms: 'Trebuie să acceptați termenii și condițiile.',
  productSheet: 'Confirmați că ați citit fișa produsului (documentul de informare al asigurătorului).',
  dataProcessing: 'Trebuie să vă dați acordul pentru prelucrarea datelor, necesară emiterii poliței.',
} as const;

export type IdentityRequirement = 'none' | 'cnp' | 'cui';

export type DetailsFormValues = {
  customer: {
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    cnp: string;
    cui: string;
    /** A company buyer's name (identity `cui`); the first and last name are then its contact person. */
    company_name: string;
    address: { county: string; town: string; street: string; postal_code: string };
  };
  consents: { terms: boolean; product_sheet: boolean; data_processing: boolean };
};

export function emptyDetailsForm(): DetailsFormValues {
  return {
    customer: {
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      cnp: '',
      cui: '',
      company_name: '',
      address: { county: '', town: '', street: '', postal_code: '' },
    },
    consents: { terms: false, product_sheet: false, data_processing: false },
  };
}

