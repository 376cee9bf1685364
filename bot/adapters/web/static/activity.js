// The board page as the app's Activity inside Discord. There is no signed link there: the page asks
// Discord who this is (the Embedded App SDK's authorize), hands the code to the bot, and the bot
// answers with a page token for that person at the table of the Activity's channel. board.js
// waits for window.islesActivity, then works as it does under a signed link.
// Opened anywhere else (no frame_id in the query), this does nothing.

const query = new URLSearchParams(location.search);

async function readAnswer(answer) {
  const words = await answer.text();
  try { return JSON.parse(words); } catch { return { ok: false, message: words }; }
}

async function sdkClass() {
  if (window.DiscordSDK) return window.DiscordSDK;  // a stand-in put there before this module (tests)
  return (await import("./vendor/discord-embedded-app-sdk.mjs")).DiscordSDK;
}

async function signIn() {
  // relative to the page (…/t/), so that Discord's /.proxy/ prefix is kept
  const client = await readAnswer(await fetch("../activity/client", { cache: "no-store" }));
  if (!client.ok) throw new Error(client.message);
  const DiscordSDK = await sdkClass();
  const discord = new DiscordSDK(client.client_id);
  await discord.ready();
  const { code } = await discord.commands.authorize({
    client_id: client.client_id, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  // the launch goes in the address, so that the bot spends its limits before it reads the body
  const launch = new URLSearchParams({ channel_id: discord.channelId, instance_id: discord.instanceId });
  const signed = await readAnswer(await fetch(`../activity/token?${launch}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  }));
  if (!signed.ok) throw new Error(signed.message);
  return new URL(encodeURIComponent(signed.token), location.href).pathname.replace(/\/+$/, "");
}

if (query.get("frame_id") && query.get("instance_id")) {
  window.islesActivity = signIn().catch((error) => {
    const box = document.getElementById("message");
    box.textContent = (error && error.message) || String(error);
    box.className = "refused";
    return new Promise(() => {});  // the page stays empty, with the reason shown
  });
}
