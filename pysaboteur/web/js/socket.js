// The table's WebSocket: says hello (with the seat token, or as a spectator),
// hands every message on, and reconnects by itself after a lost connection.

const NO_RETRY = new Set([4400, 4401, 4403, 4404]); // bad hello, bad token, no spectators, no such table
const PING_EVERY_MS = 25000;

export class TableSocket {
  /**
   * @param {string} table      the table id
   * @param {string|null} token the seat token, or null to watch
   * @param {object} handlers   onMessage(message), onState("connecting"|"open"|"lost"),
   *                            onClosed(code, lastError): lastError is the code of the last `error`
   *                            this connection got (4404 covers `unknown_table` and `table_expired`)
   */
  constructor(table, token, handlers) {
    this.table = table;
    this.token = token;
    this.handlers = handlers;
    this.retries = 0;
    this.stopped = false;
    this.socket = null;
    this.pinger = null;
    this.retryTimer = null;
    this.lastHeard = 0;
    this.lastError = null; // the code of the current connection's last `error` message
    this.wake = () => {
      if (!document.hidden) this.retryNow();
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
  }

  connect() {
    this.stopped = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.table)}`);
    this.socket = socket;
    this.lastError = null;
    this.handlers.onState("connecting");
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
      this.lastHeard = Date.now();
      this.pinger = setInterval(() => this.keepAlive(socket), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => {
      if (socket !== this.socket) return; // a socket already given up for dead
      this.lastHeard = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "welcome") {
        this.retries = 0;
        this.handlers.onState("open");
      } else if (message.type === "error") {
        this.lastError = message.error?.code || null;
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", (event) => this.dropped(socket, event.code));
  }

  /** The socket is gone: tell the page, and try again after a growing pause. */
  dropped(socket, code) {
    if (socket !== this.socket || this.stopped) return;
    clearInterval(this.pinger);
    this.socket = null;
    if (NO_RETRY.has(code)) {
      this.handlers.onClosed(code, this.lastError);
      return;
    }
    this.handlers.onState("lost");
    const delay = Math.min(8000, 500 * 2 ** this.retries);
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.retryNow(), delay);
  }

  /** Ping; a socket silent through two pings is dead (a sleeping phone, a lost network). */
  keepAlive(socket) {
    if (Date.now() - this.lastHeard <= 2.5 * PING_EVERY_MS) {
      this.send({ type: "ping" });
      return;
    }
    socket.close(); // its close event may come much later: do not wait for it
    this.dropped(socket, 1006);
  }

  /** Reconnect at once if a retry is waiting (the network came back, the page is shown again). */
  retryNow() {
    if (this.retryTimer === null || this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  /** Send a message; false if the socket is not open (the caller says so to the person). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    clearInterval(this.pinger);
    clearTimeout(this.retryTimer);
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    this.socket?.close();
  }
}
