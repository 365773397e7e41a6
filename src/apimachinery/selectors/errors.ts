/**
 * The error both selector parsers throw. Its message is exactly the text kube-apiserver puts in
 * the 400 BadRequest Status when a labelSelector or fieldSelector query parameter is refused:
 * ListResource/WatchResource wrap the parse error with errors.NewBadRequest(err.Error())
 * (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/get.go), without any prefix.
 */
export class SelectorParseError extends Error {
  override name = 'SelectorParseError';
}
