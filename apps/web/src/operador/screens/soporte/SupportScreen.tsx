import { Route, Routes } from 'react-router';
import { SupportDetail } from './SupportDetail.tsx';
import { SupportSearch } from './SupportSearch.tsx';
import './soporte.css';

/** /operador/soporte (look-up) and /operador/soporte/{id} (a driver's detail). */
export default function SupportScreen() {
  return (
    <section className="op-screen sp-screen" aria-labelledby="sp-title">
      <h1 id="sp-title" className="op-screen__title">
        Soporte a usuarios
      </h1>
      <Routes>
        <Route index element={<SupportSearch />} />
        <Route path=":id" element={<SupportDetail />} />
      </Routes>
    </section>
  );
}
