/** The auth forms' values (kept apart from schemas.ts so pages need not load zod up front). */
export type LoginValues = {
  email: string;
  password: string;
};

export type SignupValues = {
  fullName: string;
  email: string;
  password: string;
  password2: string;
  /** The optional affiliate intro code (the API spells it this way). */
  affiliatceIntroCode: string;
};

export type ResetValues = {
  password: string;
  password2: string;
};

export type EmailValues = {
  email: string;
};
