/** A reason to stop that the person can act on; printed as it is, without a stack. */
export class EditStop extends Error {
  override name = 'EditStop';
}
