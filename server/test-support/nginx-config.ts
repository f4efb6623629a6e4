/**
 * An nginx in front of gateway replicas, as the example in docs/deploying.md has it: round robin, no
 * sticky sessions, no buffering (the history's event stream must pass each event at once),
 * long reads for that stream, and a failed replica skipped for the next request.
 */
export function nginxConfig(options: { listen: string; replicas: string[]; prefix: string }) {
  const { prefix } = options;
  const servers = options.replicas
    .map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream studio {
${servers}
    keepalive 16;
  }
  server {
    listen ${options.listen};
    client_max_body_size 0;
    location / {
      proxy_pass http://studio;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}
