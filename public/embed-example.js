// The host side of public/embed-example.html: shows the player's messages, as a docs page might.
const log = document.getElementById('log');
window.addEventListener('message', (e) => {
  const data = e.data;
  if (!data || data.source !== 'flowledger') return;
  if (data.type === 'flowledger:step')
    log.textContent = `The player shows step ${data.step} of ${data.liveStep} (${data.status}).`;
  if (data.type === 'flowledger:ended')
    log.textContent = `The run ended at step ${data.step}; ledger hash ${data.ledgerHash}.`;
  if (data.type === 'flowledger:error') log.textContent = `The player could not load the workflow: ${data.message}`;
});
