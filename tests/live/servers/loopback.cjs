// Preloaded with `node --require`: a server that names only a port to listen on gets
// 127.0.0.1 as its host, so a published server started by the tests (which listens on
// every interface by default) can be reached from this machine only.
"use strict";
const net = require("net");
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const first = args[0];
  if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    if (typeof args[1] !== "string") {
      args.splice(1, 0, "127.0.0.1");
    }
  } else if (first && typeof first === "object" && first.port !== undefined && first.host === undefined) {
    args[0] = { ...first, host: "127.0.0.1" };
  }
  return listen.apply(this, args);
};
