// What the rest of the API uses of the privacy rule (other modules import it from here only).
// Below social and gamification, which both show other learners.
export { visibleTo, VISIBILITIES, type Visibility } from './visibility';
