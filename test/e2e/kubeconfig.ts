/** A @kubernetes/client-node KubeConfig for the test server, as a test user (default admin). */
import * as k8s from '@kubernetes/client-node';
import { tokenOf } from '../helpers/test-users.mjs';

export function kubeConfig(server: string, user = 'admin'): k8s.KubeConfig {
  const config = new k8s.KubeConfig();
  config.loadFromOptions({
    clusters: [{ name: 't', server, skipTLSVerify: true }],
    users: [{ name: 't', token: tokenOf(user) }],
    contexts: [{ name: 't', cluster: 't', user: 't' }],
    currentContext: 't',
  });
  return config;
}
