/**
 * events.k8s.io/v1 Events: the stored object is a core/v1 Event (stored-codec.ts converts), but
 * requests through this version get kube's strict validation (events-group-event.ts). As in kube's
 * BeforeCreate/BeforeUpdate, the generic ObjectMeta check (path segment names) runs only when the
 * kind's own validation found nothing.
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import { validateEventsGroupCreate, validateEventsGroupUpdate } from '../../kinds/core/events-group-event.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { DefaultStrategy } from './default.js';

export class EventsGroupEventStrategy extends DefaultStrategy {
  override validate(object: KubeObject): FieldError[] {
    const errors = validateEventsGroupCreate(object);
    return errors.length > 0 ? errors : super.validate(object);
  }

  override validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    const errors = validateEventsGroupUpdate(object, old);
    return errors.length > 0 ? errors : super.validateUpdate(object, old);
  }
}
