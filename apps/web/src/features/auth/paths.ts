/** Where provider onboarding starts (spec 4 "Onboarding", set A's first step). */
export const ONBOARDING_WELCOME_PATH = '/onboarding/welcome';
