/** A @kubernetes/client-node KubeConfig for the test server (no credentials yet). */
import * as k8s from '@kubernetes/client-node';

export function kubeConfig(server: string): k8s.KubeConfig {
  const config = new k8s.KubeConfig();
  config.loadFromOptions({
    clusters: [{ name: 't', server, skipTLSVerify: true }],
    users: [{ name: 't' }],
    contexts: [{ name: 't', cluster: 't', user: 't' }],
    currentContext: 't',
  });
  return config;
}
